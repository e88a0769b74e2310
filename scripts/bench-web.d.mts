/** The initial JS and CSS of a built HTML page: its module scripts, modulepreloads and their static imports. */
export function initialAssets(htmlFile: string): { html: string; js: string[]; css: string[] };
