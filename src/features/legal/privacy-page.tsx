import { privacy } from '../../content/policies/privacy.ts';
import { PolicyDocument } from './policy-document.tsx';

export function Component() {
  return <PolicyDocument policy={privacy} />;
}
