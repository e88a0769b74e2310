import { paths } from '../config/paths.ts';
import { getAppName } from '../lib/brand.ts';
import { getAppMode } from '../lib/bridge/bridge.ts';
import { useI18n } from '../lib/i18n/i18n.tsx';
import { hashHref } from '../lib/navigation.ts';
import { type PermissionChoice, savePermissionChoice } from '../lib/permission-choice.ts';
import { CameraIcon, ContactIcon, ShieldIcon } from './icons.tsx';
import { Sheet } from './sheet.tsx';

/**
 * The permission disclosure (GUIDE section 6, NPC Circular 20-01): only the permissions the brand uses,
 * each with its purpose. Contacts are listed only in the native app, the one place a contact can be picked.
 * Either answer is kept and lets the borrower go on: rejecting never blocks a loan.
 */
export function PermissionDisclosure({
  open,
  onAnswer,
}: {
  open: boolean;
  onAnswer: (choice: PermissionChoice) => void;
}) {
  const { t } = useI18n();
  const answer = (choice: PermissionChoice) => {
    savePermissionChoice(choice);
    onAnswer(choice);
  };
  const permissions = [
    { icon: <CameraIcon />, name: t('permissions.camera'), purpose: t('permissions.cameraPurpose') },
    ...(getAppMode() === 'app'
      ? [
          {
            icon: <ContactIcon />,
            name: t('permissions.contacts'),
            purpose: t('permissions.contactsPurpose'),
          },
        ]
      : []),
  ];

  return (
    <Sheet
      open={open}
      onClose={() => answer('rejected')}
      title={t('permissions.title')}
      dismissible={false}
      footer={
        <div className="button-row">
          <button type="button" className="button button-secondary" onClick={() => answer('rejected')}>
            {t('permissions.reject')}
          </button>
          <button type="button" className="button button-primary" onClick={() => answer('agreed')}>
            {t('permissions.agree')}
          </button>
        </div>
      }
    >
      <p className="sheet-lead">{t('permissions.intro', { appName: getAppName() })}</p>
      <ul className="permission-list">
        {permissions.map((permission) => (
          <li key={permission.name} className="permission-item">
            <span className="permission-icon">{permission.icon}</span>
            <div>
              <h3 className="permission-name">{permission.name}</h3>
              <p className="permission-purpose">{permission.purpose}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="permission-never">
        <ShieldIcon />
        <span>{t('permissions.never')}</span>
      </p>
      <p className="fine-print">{t('permissions.optional')}</p>
      <a className="text-link" href={hashHref(paths.privacyPolicy.getHref())}>
        {t('permissions.readPolicy')}
      </a>
    </Sheet>
  );
}
