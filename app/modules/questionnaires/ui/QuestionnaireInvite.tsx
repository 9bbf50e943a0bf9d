import { INVITATION_LINK_TEXT } from '../questionnaires.constants.ts';
import styles from './QuestionnaireInvite.module.css';

/** The customer's invitation on his order or offer (ADR 103): 'Пройти опрос' to the linked questionnaire, with its title. */
export function QuestionnaireInvite({ invitation }: { invitation: { href: string; title: string } }) {
  return (
    <p className={styles.invite} data-testid="questionnaire-invite">
      <a href={invitation.href} className="btn btn-secondary">{INVITATION_LINK_TEXT}</a>
      <span>«{invitation.title}» — несколько вопросов о нашей работе</span>
    </p>
  );
}
