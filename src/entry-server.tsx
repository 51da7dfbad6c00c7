/**
 * Build-time renderer used by scripts/prerender-plugin.ts (never shipped to
 * browsers). Renders a public route to HTML plus its <head> tags.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from './app/routes.tsx';
import { brand } from './brand.ts';
import { metaFor, prerenderPaths } from './content/page-meta.ts';

export { prerenderPaths };

export async function render(path: string): Promise<{ html: string; head: string }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${path} redirected during prerender`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  return { html, head: headFor(path) };
}

function headFor(path: string): string {
  const meta = metaFor(path);
  const url = new URL(path, brand.siteUrl).href;
  const tags = [
    `<title>${escape(meta.title)}</title>`,
    `<meta name="description" content="${escape(meta.description)}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escape(brand.name)}" />`,
    `<meta property="og:title" content="${escape(meta.title)}" />`,
    `<meta property="og:description" content="${escape(meta.description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${new URL('/icons/og-image.png', brand.siteUrl).href}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ];
  return tags.join('\n    ');
}

export function sitemap(): string {
  const urls = prerenderPaths.map((path) => `  <url><loc>${new URL(path, brand.siteUrl).href}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
