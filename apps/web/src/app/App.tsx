import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { router } from './router';
import { storage } from './storage';
import { APP } from './config';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

/** Providers: antd and dayjs locales switch together with the app's language; the chosen colour themes antd. */
export function App() {
  const { i18n } = useTranslation();
  const [colour, setColour] = useState(storage.get<string>('colour') ?? APP.colour);
  useEffect(() => {
    dayjs.locale(i18n.language === 'en' ? 'en' : 'zh-cn');
    document.documentElement.lang = i18n.language === 'en' ? 'en' : 'zh-CN';
  }, [i18n.language]);
  useEffect(() => {
    const onColour = () => setColour(storage.get<string>('colour') ?? APP.colour);
    window.addEventListener('console-colour', onColour);
    return () => window.removeEventListener('console-colour', onColour);
  }, []);
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN} theme={{ token: { colorPrimary: colour } }}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
