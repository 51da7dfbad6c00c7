/**
 * The invitation mail: who invites, for which role, the link and until when
 * it works — the reader decides without opening the app.
 */
import { brand } from '../../../src/brand.ts';
import { teamRoleLabels, type TeamRole } from '../../../src/shared/contract/team.ts';
import type { Mailer } from '../mail.ts';

const roleMeaning: Readonly<Record<TeamRole, string>> = {
  manager: 'manage the account: its profile, events and business listing (not its team or sign-in)',
  editor: 'add, change and delete its events',
};

export function sendTeamInvite(
  mailer: Mailer,
  invite: { to: string; ownerName: string; role: TeamRole; link: string; expiresAt: Date },
): Promise<void> {
  const until = invite.expiresAt.toUTCString();
  return mailer.send({
    to: invite.to,
    subject: `${invite.ownerName} invited you to their ${brand.name} team`,
    text:
      `${invite.ownerName} invited you to join their ${brand.name} account as ${teamRoleLabels[invite.role]}: ` +
      `you will be able to ${roleMeaning[invite.role]}.\n\n` +
      `Open this link to accept, signed in with this email address (create an account with it first if you have none):\n\n` +
      `${invite.link}\n\n` +
      `The invitation works once, until ${until}. If you do not know ${invite.ownerName}, ignore this email.`,
  });
}
