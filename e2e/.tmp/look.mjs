import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '/work/main/scripts/ensure-chromium.mjs';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
for (const [lang, signed] of [['en',false],['fil',false],['es',true]]) {
  const ctx = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: lang === 'fil' ? 'fil-PH' : lang });
  const page = await ctx.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type()==='warning') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push('pageerror ' + e.message));
  if (signed) {
    await ctx.addCookies([{ name: 'hiram_signed_in', value: '1', url: 'http://localhost:8090' }]);
    await page.addInitScript(() => { localStorage.setItem('hiram.token', 'x'.repeat(32)); localStorage.setItem('hiram.permissionDisclosure','agreed'); });
  }
  await page.route('**/assets/*.js', (r) => r.abort());
  await page.goto('http://localhost:8090/');
  await page.screenshot({ path: `/tmp/ssr-nojs-${lang}.png` });
  await page.unroute('**/assets/*.js');
  await page.goto('http://localhost:8090/');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/ssr-js-${lang}.png` });
  console.log(lang, signed, errors);
  await ctx.close();
}
await browser.close();
