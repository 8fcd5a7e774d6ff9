// Spec §2 and §9: the route progress bar starts 200 ms after a path change (nprogress: minimum 0.08, speed 200 ms,
// trickle every 800 ms) and ends when the next page has rendered; the old page stays up meanwhile, with no spinner.
import {expect, test} from '@playwright/test';
import {hydrated} from './helpers';

/** How long the next page's chunks are held back: long enough for the bar to start and trickle once. */
const CHUNK_DELAY_MS = 2000;

type BarEvent = {at: number; kind: 'added' | 'style' | 'removed'; transform: string; transition: string};

test('the route progress bar starts 200 ms after a path change, at 8 %, and trickles every 800 ms', async ({page}) => {
  await page.goto('/docs/documents/introduct');
  await hydrated(page);
  await page.route(/\/assets\/js\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, CHUNK_DELAY_MS));
    await route.continue().catch(() => undefined);
  });
  await page.evaluate(() => {
    const w = window as unknown as {clickAt: number; barEvents: BarEvent[]};
    w.barEvents = [];
    const record = (kind: BarEvent['kind']) => {
      const bar = document.querySelector<HTMLElement>('#nprogress .bar');
      w.barEvents.push({
        at: performance.now(),
        kind,
        transform: bar?.style.transform ?? '',
        transition: bar?.style.transitionDuration ?? '',
      });
    };
    document.addEventListener('click', () => (w.clickAt = performance.now()), true);
    new MutationObserver((records) => {
      for (const r of records) {
        if (Array.from(r.addedNodes).some((n) => (n as Element).id === 'nprogress')) record('added');
        else if (Array.from(r.removedNodes).some((n) => (n as Element).id === 'nprogress')) record('removed');
        else if (r.type === 'attributes' && (r.target as Element).classList.contains('bar')) record('style');
      }
    }).observe(document.documentElement, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['style'],
    });
  });
  await page.locator('a.pagination-nav__link--next').click();
  // The old page stays until the new one has loaded: no spinner in between.
  await expect(page.locator('article h1')).toHaveText('平台介绍');
  await expect(page.getByRole('status', {name: '正在加载'})).toHaveCount(0);
  await expect(page.locator('article h1')).toHaveText('控制台概览', {timeout: CHUNK_DELAY_MS + 5000});
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await page.unrouteAll({behavior: 'ignoreErrors'});

  const {clickAt, barEvents} = await page.evaluate(() => {
    const w = window as unknown as {clickAt: number; barEvents: BarEvent[]};
    return {clickAt: w.clickAt, barEvents: w.barEvents};
  });
  const added = barEvents.find((e) => e.kind === 'added');
  expect(added, JSON.stringify(barEvents)).toBeDefined();
  const shownAfter = added!.at - clickAt;
  // Timers never fire early, but a busy machine makes them late: the upper bounds leave room for that.
  expect(shownAfter).toBeGreaterThanOrEqual(195);
  expect(shownAfter).toBeLessThan(1000);
  // The first step: from the left edge to the minimum of 8 %, with a 200 ms transition (the speed).
  const first = barEvents.find((e) => e.kind === 'style' && e.transform !== 'translate3d(-100%, 0px, 0px)');
  expect(first?.transform).toBe('translate3d(-92%, 0px, 0px)');
  expect(first?.transition).toBe('200ms');
  // The next step is the first trickle.
  const trickle = barEvents.find((e) => e.kind === 'style' && e.at > first!.at && e.transform !== first!.transform);
  expect(trickle, JSON.stringify(barEvents)).toBeDefined();
  expect(trickle!.at - first!.at).toBeGreaterThan(700);
  expect(trickle!.at - first!.at).toBeLessThan(1600);
  expect(barEvents.at(-1)?.kind).toBe('removed');
});
