/**
 * A link that works inside and outside the router: an island hydrates as a
 * root of its own, with no router around it, and there it renders a plain
 * anchor (the prerendered page around it hands same-origin clicks to the router).
 */
import type { ReactNode } from 'react';
import { useInRouterContext } from 'react-router-dom';
import { Link } from './link.tsx';

export function AppLink({ to, children }: { to: string; children: ReactNode }) {
  return useInRouterContext() ? <Link to={to}>{children}</Link> : <a href={to}>{children}</a>;
}
