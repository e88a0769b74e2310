import { RED_FLAG_LABELS } from '@hiram/contract/ops/aml';
import type { FastifyInstance } from 'fastify';
import { manilaDay } from '../../domain/servicing-rules.ts';
import {
  revealCandidate,
  sanctionsListVersions,
  screeningQueue,
} from '../../services/compliance/aml/decisions.ts';
import { ruleVersions } from '../../services/compliance/aml/red-flags.ts';
import { importSanctionsList } from '../../services/compliance/aml/screening.ts';
import type { OpsDefine } from './define.ts';

/** Anti-money laundering (ADR 0081, 0085): the screening queue, the lists, the red-flag rules and the cases. */
export function amlEndpoints(app: FastifyInstance, define: OpsDefine): void {
  define('opsScreeningQueue', async ({ input, actor }) => ({
    items: await screeningQueue(app.db, input.status, actor),
  }));

  define('opsScreeningReveal', async ({ input, actor }) =>
    revealCandidate(app.db, input, actor, app.clock.now()),
  );

  define('opsSanctionsLists', async () => ({ items: await sanctionsListVersions(app.db) }));

  define('opsSanctionsImport', async ({ input, actor }) =>
    importSanctionsList(
      app.db,
      { listName: input.listName, format: input.format, text: input.text, version: input.version ?? null },
      actor,
      app.clock.now(),
    ),
  );

  define('opsRedFlagRules', async () => {
    const today = manilaDay(app.clock.now());
    const versions = await ruleVersions(app.db);
    // In force today: the highest version of its rule that has started (versions come newest first).
    const started = new Map<string, number>();
    for (const version of versions)
      if (version.effectiveFrom <= today && !started.has(version.rule))
        started.set(version.rule, version.version);
    return {
      items: versions.map((version) => ({
        ...version,
        label: RED_FLAG_LABELS[version.rule],
        inForce: started.get(version.rule) === version.version,
      })),
    };
  });

  define('opsAmlCases', async ({ input, actor }) => ({
    items: await app.amlCases.list(input.status, actor),
  }));

  define('opsAmlCaseFinding', async ({ input, actor }) => app.amlCases.recordFinding(input, actor));

  define('opsAmlCaseReport', async ({ input, actor }) => app.amlCases.draftReport(input, actor));

  define('opsAmlCaseFile', async ({ input, actor }) => app.amlCases.recordFiling(input, actor));
}
