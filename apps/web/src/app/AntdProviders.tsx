// antd's static methods (message, Modal.confirm) render with React 19 through this patch.
import '@ant-design/v5-patch-for-react-19';
import ConfigProvider from 'antd/es/config-provider';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { useConsoleColour } from './console-colour';
import { useTranslation } from './i18n';
import { consoleTheme } from './theme';

const FORM_CONFIG = { scrollToFirstError: { focus: true, block: 'nearest' as const } };

/**
 * antd's providers: its locale switches with the app's language (dayjs's in the shell); the chosen colour themes
 * it. A chunk of its own (see WithAntd): the sign-in page renders no antd component and does not load antd's core.
 * (antd's CSS variables mode, `cssVar`, was measured: it adds a variables style per component and made both the
 * sign-in page and the list screen slower to start, see docs/benchmarks.md.)
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const colour = useConsoleColour();
  return (
    <ConfigProvider
      locale={i18n.language === 'en' ? enUS : zhCN}
      theme={consoleTheme(colour)}
      // A refused submit moves focus to the first field in error (issue 19), in every form.
      form={FORM_CONFIG}
    >
      {children}
    </ConfigProvider>
  );
}
