import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  installedProductionNode,
  PRODUCTION_NODE_MAJOR,
  PRODUCTION_NODE_VERSION,
} from '../../../scripts/production-node.mjs';
import { testDatabaseKind } from './database-target.ts';

/** Which Node.js runs what (ADR 0060): the image and the PostgreSQL suites on the production line. */
const ROOT = join(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

describe('the Node.js lines (ADR 0060)', () => {
  it('runs the PostgreSQL suites, and what they start, on the production line once it is installed', () => {
    const onProductionLine = testDatabaseKind() === 'postgres' && installedProductionNode() !== null;
    const expected = onProductionLine ? `v${PRODUCTION_NODE_VERSION}` : process.version;
    expect(process.version).toBe(expected);
    // `npm start` and the other commands the suites start find `node` on PATH.
    expect(execFileSync('node', ['--version'], { encoding: 'utf8' }).trim()).toBe(expected);
  });

  it('builds and runs the image on the production line, as the README says', () => {
    const images = [...read('Dockerfile').matchAll(/^FROM\s+(\S+)/gim)].map((match) => match[1]);
    expect(images).toHaveLength(3);
    for (const image of images) expect(image).toBe(`node:${PRODUCTION_NODE_MAJOR}-bookworm-slim`);
    const readme = read('README.md');
    expect(readme).toContain(`Node.js ${PRODUCTION_NODE_MAJOR} LTS`);
    // Development keeps the oldest line the code supports (the esbuild target of the server's bundle).
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe('>=20.19');
    expect(readme).toContain('Node.js 20.19 or newer');
  });
});
