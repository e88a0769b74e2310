/** The initial JS and CSS of a built HTML page: its module scripts, modulepreloads and their static imports. */
export function initialAssets(
  htmlFile: string,
  where?: { dist?: string; base?: string },
): { html: string; js: string[]; css: string[] };

/** One file's sizes in bytes: raw, gzip -9 and brotli 11. */
export function sizesOf(
  name: string,
  buffer: Buffer,
): { name: string; raw: number; gzip: number; brotli: number };
