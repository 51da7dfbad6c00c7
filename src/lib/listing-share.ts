/**
 * **Share** on a public listing page: the phone's share sheet where there is one (Web
 * Share), else the link copied to the clipboard, with a word saying so. Added by the
 * page's script, beside Add to calendar: without JavaScript there is nothing it could
 * do, so the server HTML has no button that would do nothing. The shared link is the
 * page's canonical address marked `?src=share`, counted apart in the listing's insights.
 */
const withShareSource = (url: string) => `${url}${url.includes('?') ? '&' : '?'}src=share`;

export function mountShare(doc: Document = document): void {
  const heading = doc.querySelector('main h1');
  const canonical = doc.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? location.href.split('?')[0]!;
  if (!heading) return;
  const url = withShareSource(canonical);
  const title = heading.textContent?.trim() ?? doc.title;

  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'button button--quiet';
  button.textContent = 'Share';
  const status = doc.createElement('span');
  status.className = 'listing-actions__status';
  status.setAttribute('role', 'status');
  button.addEventListener('click', () => {
    status.textContent = '';
    if (typeof navigator.share === 'function') {
      // AbortError: the visitor closed the sheet — nothing to say.
      navigator.share({ title, url }).catch(() => undefined);
      return;
    }
    const copyByHand = () => {
      status.textContent = `Copy this link: ${url}`;
    };
    if (!navigator.clipboard) return copyByHand();
    navigator.clipboard.writeText(url).then(() => {
      status.textContent = 'Link copied.';
    }, copyByHand);
  });

  let row = doc.querySelector('main .listing-actions');
  if (!row) {
    row = doc.createElement('p');
    row.className = 'listing-actions';
    (doc.querySelector('main .follow') ?? heading).after(row);
  }
  row.append(button, status);
}
