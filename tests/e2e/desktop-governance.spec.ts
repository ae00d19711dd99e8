import { expect, test, type Locator } from './support/test.ts';
import { desktopHome, openMenu } from './support/desktop.ts';
import { zh } from './support/i18n.ts';

const G = zh.governance;

/** How many pixels of a chart's canvas have been drawn on. */
const paintedPixels = (chart: Locator) =>
  chart
    .locator('canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let painted = 0;
      for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha] > 0) painted++;
      return painted;
    });

test('the administrator opens 系统监控 → 服务治理 and sees this server online, ready, with its last hour drawn', async ({
  page,
}) => {
  await desktopHome(page);
  await openMenu(page, '系统监控', '服务治理');
  await expect(page).toHaveURL(/\/monitor\/admin/);
  const screen = page.locator('.tenon-page:visible .tenon-governance');

  // Readiness of the process that answered, and where Prometheus and load balancers look.
  await expect(screen.getByText(G.ready, { exact: true })).toBeVisible();
  await expect(screen.locator('[data-check=database]')).toContainText(G.check.database);
  await expect(screen.locator('[data-check=migrations]')).toContainText(G.check.migrations);
  await expect(screen.getByText(/\/metrics/)).toContainText('TENON_METRICS_TOKEN');

  // This process: online, marked as the one answering, its identity and its charts.
  const self = screen.locator('.ant-card').filter({ hasText: G.self });
  await expect(self).toHaveCount(1);
  await expect(self.getByText(G.online, { exact: true })).toBeVisible();
  await expect(self).toContainText(G.pglite);
  for (const title of [G.chart.traffic, G.chart.latency, G.chart.memory, G.chart.eventLoop, G.chart.pool]) {
    const chart = self.getByRole('img', { name: title });
    await expect(chart).toHaveAttribute('data-state', 'shown');
    await expect.poll(() => paintedPixels(chart)).toBeGreaterThan(500);
  }
});
