import { questionAndAnswer } from '../lib/format.ts';
import { DataTable } from './data-table.tsx';

/** The borrower's questionnaire answers in words (the questions' and options' English texts). */
export function AnswersTable({ answers }: { answers: readonly { code: number; answer: string }[] }) {
  return (
    <DataTable
      label="Questionnaire answers"
      rows={answers}
      rowKey={(a) => a.code}
      empty="Not answered yet."
      columns={[
        { header: '#', cell: (a) => a.code, numeric: true },
        { header: 'Question', cell: (a) => questionAndAnswer(a.code, a.answer).question },
        { header: 'Answer', cell: (a) => questionAndAnswer(a.code, a.answer).answer },
      ]}
    />
  );
}
