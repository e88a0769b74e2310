import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * Spanish addresses the borrower as usted, everywhere (docs/decisions/0043-spanish-usted.md). Every piece
 * of Spanish copy in the sources is read here: any value under an `es` key or in a constant named `es`
 * (dictionaries, feature texts, contract messages, server errors, SMS texts, documents, legal texts), and
 * checked for the tú forms that give the informal register away.
 */

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', '..');
const SOURCE_ROOTS = ['packages/contract/src', 'apps/server/src', 'apps/web/src', 'apps/ops/src'];

/** tú pronouns and possessives: usted's are su, sus, le, usted. */
const PRONOUNS = ['tu', 'tus', 'te', 'ti', 'contigo', 'tuyo', 'tuya', 'tuyos', 'tuyas'];
/** Second-person verb forms (present, perfect, future) that only tú uses. */
const VERB_FORMS = [
  'puedes',
  'tienes',
  'debes',
  'quieres',
  'necesitas',
  'estás',
  'eres',
  'pagas',
  'recibes',
  'haces',
  'sabes',
  'usas',
  'vas',
  'has',
  'podrás',
  'tendrás',
  'deberás',
  'recibirás',
  'pagarás',
  'verás',
  'serás',
  'estarás',
  'quieras',
  'puedas',
  'tengas',
  'debas',
  // Imperatives with te attached (usted: Asegúrese, Regístrese…).
  'asegúrate',
  'regístrate',
  'comunícate',
  'acércate',
  'inscríbete',
  'suscríbete',
  'fíjate',
  'quédate',
  'infórmate',
  'conéctate',
  'identifícate',
  'entérate',
  'prepárate',
  'olvídate',
  'tómate',
];
/**
 * tú imperatives, caught where a sentence or label starts: elsewhere most of them are also the third person
 * ("el préstamo vence", "usa la información"). Nouns that look the same (Firma, Espera, Copia) are left out.
 */
const IMPERATIVES = [
  'Paga',
  'Elige',
  'Ingresa',
  'Introduce',
  'Revisa',
  'Toca',
  'Sube',
  'Intenta',
  'Vuelve',
  'Inicia',
  'Verifica',
  'Confirma',
  'Escribe',
  'Llama',
  'Cambia',
  'Guarda',
  'Lee',
  'Acepta',
  'Añade',
  'Agrega',
  'Selecciona',
  'Descarga',
  'Abre',
  'Contacta',
  'Comprueba',
  'Pide',
  'Solicita',
  'Mantén',
  'Prueba',
  'Haz',
  'Sigue',
  'Completa',
  'Consulta',
  'Envía',
  'Usa',
  'Mira',
  'Regresa',
  'Ten',
  'Pon',
  'Toma',
  'Recuerda',
  'Activa',
  'Permite',
  'Evita',
  'Prorroga',
  'Renueva',
  'Cancela',
  'Sal',
  'Ven',
  'Di',
  'Dinos',
  'Cuéntanos',
  'Llámanos',
  'Escríbenos',
  'Contáctanos',
  'Visítanos',
  'Síguenos',
];

const WORD = (words: string[]) =>
  new RegExp(`(?<![\\p{L}\\p{N}])(${words.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
const pronounOrVerb = WORD([...PRONOUNS, ...VERB_FORMS]);
const imperativeAtStart = new RegExp(
  `(?:^|[.!?:;¿¡(—–-]\\s*|\\n\\s*)(${IMPERATIVES.join('|')})(?![\\p{L}\\p{N}])`,
  'gu',
);
/** The tú markers in one Spanish text. */
export function informalMarkers(text: string): string[] {
  const found = [
    ...[...text.matchAll(pronounOrVerb)].map((m) => m[1] ?? ''),
    ...[...text.matchAll(imperativeAtStart)].map((m) => m[1] ?? ''),
  ];
  return [...new Set(found)];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    const source = /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name);
    return source ? [path] : [];
  });
}

interface SpanishText {
  where: string;
  text: string;
}

interface AstNode {
  type: string;
  start: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

function children(node: AstNode): AstNode[] {
  return Object.values(node).flatMap((value) =>
    Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : [],
  );
}

/** Every string and template text inside the `es` branches of one file (parsed, not pattern-matched). */
function spanishTexts(path: string): SpanishText[] {
  const code = readFileSync(path, 'utf8');
  const ast = parseAst(code, { lang: path.endsWith('x') ? 'tsx' : 'ts' }) as unknown as AstNode;
  const texts: SpanishText[] = [];
  const where = (node: AstNode) => `${relative(REPO, path)}:${code.slice(0, node.start).split('\n').length}`;
  const collect = (node: AstNode) => {
    if (node.type === 'Literal' && typeof node.value === 'string') {
      texts.push({ where: where(node), text: node.value });
    } else if (node.type === 'TemplateElement') {
      const value = node.value as { cooked: string | null; raw: string };
      texts.push({ where: where(node), text: value.cooked ?? value.raw });
    }
    for (const child of children(node)) collect(child);
  };
  const named = (key: unknown) =>
    isNode(key) &&
    ((key.type === 'Identifier' && key.name === 'es') || (key.type === 'Literal' && key.value === 'es'));
  const visit = (node: AstNode) => {
    if (node.type === 'Property' && named(node.key) && isNode(node.value)) return collect(node.value);
    if (node.type === 'VariableDeclarator' && named(node.id) && isNode(node.init)) return collect(node.init);
    for (const child of children(node)) visit(child);
  };
  visit(ast);
  return texts;
}

const allSpanish = SOURCE_ROOTS.flatMap((root) => sourceFiles(join(REPO, root))).flatMap(spanishTexts);

describe('Spanish copy', () => {
  it('finds the Spanish of every kind of copy', () => {
    const files = new Set(allSpanish.map((t) => t.where.replace(/:\d+$/, '')));
    for (const expected of [
      'apps/web/src/lib/i18n/es.ts',
      'apps/web/src/features/repay/repay-text.ts',
      'apps/web/src/features/legal/content/terms-of-service.ts',
      'packages/contract/src/errors.ts',
      'packages/contract/src/field-messages.ts',
      'apps/server/src/domain/sms-texts.ts',
      'apps/server/src/documents/loan-documents.ts',
    ]) {
      expect(files, expected).toContain(expected);
    }
    expect(allSpanish.length).toBeGreaterThan(1000);
  });

  it('tells tú from usted', () => {
    expect(informalMarkers('Paga {amount}')).toEqual(['Paga']);
    expect(informalMarkers('Revisa tu conexión y vuelve a intentarlo.')).toEqual(['tu', 'Revisa']);
    expect(informalMarkers('Asegúrate de que se lea bien')).toEqual(['Asegúrate']);
    expect(informalMarkers('¿Puedes pagar hoy?')).toEqual(['Puedes']);
    expect(informalMarkers('Pague {amount}. Revise su conexión; el préstamo vence el lunes.')).toEqual([]);
    expect(
      informalMarkers('Espera habitual restante. Firma electrónica. La evaluación usa sus datos.'),
    ).toEqual([]);
  });

  it('says usted everywhere, never tú', () => {
    const informal = allSpanish
      .map(({ where, text }) => ({ where, text, markers: informalMarkers(text) }))
      .filter((t) => t.markers.length > 0)
      .map((t) => `${t.where} [${t.markers.join(', ')}] ${t.text}`);
    expect(informal).toEqual([]);
  });
});
