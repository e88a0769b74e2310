import type { Download, Locator, Page } from 'playwright-core';

/**
 * Clicks a button whose file the app fetches (a PDF rendered on the server) and answers the download.
 * The wait is on the file's own answer, for as long as the server takes to render it on a loaded machine
 * (the test's timeout bounds it, not a step's 15 s racing the other journeys' work); the download follows
 * at once. A refusal (429, 503) fails here with its answer rather than as a missing download.
 */
export async function downloadFrom(page: Page, button: Locator): Promise<Download> {
  const download = page.waitForEvent('download', { timeout: 0 });
  const answered = page.waitForResponse(
    (response) =>
      response.request().resourceType() === 'fetch' &&
      (response.status() >= 400 || /^attachment/.test(response.headers()['content-disposition'] ?? '')),
    { timeout: 0 },
  );
  // Either may be left waiting when the journey fails first; the page's close then ends it quietly.
  for (const waiting of [download, answered]) waiting.catch(() => undefined);
  await button.click();
  const response = await answered;
  if (response.status() >= 400) {
    throw new Error(`The download was refused: ${response.status()} ${await response.text()}`);
  }
  return download;
}
