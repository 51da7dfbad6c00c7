import { terms } from '../../content/policies/terms.ts';
import { PolicyDocument } from './policy-document.tsx';

export function Component() {
  return <PolicyDocument policy={terms} />;
}
