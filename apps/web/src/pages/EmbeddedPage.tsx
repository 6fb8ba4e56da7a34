import { useLocation } from 'react-router-dom';

/** /myiframe/{routerPath}: an external page inside the console (the src query parameter, or the path itself). */
export default function EmbeddedPage() {
  const { pathname, search } = useLocation();
  const src = new URLSearchParams(search).get('src') ?? decodeURIComponent(pathname.replace(/^\/myiframe\//, ''));
  const safe = /^https?:\/\//.test(src) ? src : `/${src}`;
  return <iframe title={src} src={safe} style={{ width: '100%', height: 'calc(100vh - 160px)', border: 0 }} />;
}
