/**
 * The app's `Link` and `NavLink`: react-router's, built from its public hooks,
 * without what this app never uses (prefetching, view transitions, masked or
 * absolute URLs, `reloadDocument`). react-router's own bring that machinery
 * into every page's first visit (~2.6 KB gzip of the 100 KB budget, decision 005),
 * so eslint.config.js keeps them out of src/.
 *
 * Same behaviour otherwise: a plain click (left button, no modifier key, no
 * other target) navigates in the app, replacing the entry when it points
 * where the page already is; anything else is the browser's. `NavLink` marks
 * the link to the current page, or to a parent of it, with `aria-current="page"`
 * and the class `active` (case-insensitive; `end` to match exactly).
 */
import type { ComponentProps } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router-dom';

export interface LinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  to: To;
}

export function Link({ to, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, target ? { target } : {});
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** A string gets ` active` appended on the current page; a function decides. */
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  end?: boolean;
}

export function NavLink({ className, end = false, ...props }: NavLinkProps) {
  const here = useLocation().pathname.toLowerCase();
  const target = useResolvedPath(props.to).pathname.toLowerCase();
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = here === target || (!end && here.startsWith(target) && here.charAt(slash) === '/');
  return (
    <Link
      aria-current={isActive ? 'page' : undefined}
      {...props}
      className={
        typeof className === 'function'
          ? className({ isActive })
          : [className, isActive && 'active'].filter(Boolean).join(' ') || undefined
      }
    />
  );
}
