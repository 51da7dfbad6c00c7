import { childSafety } from '../../content/policies/child-safety.ts';
import { PolicyDocument } from './policy-document.tsx';

export function Component() {
  return <PolicyDocument policy={childSafety} />;
}
