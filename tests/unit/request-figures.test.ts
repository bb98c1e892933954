import { describe, expect, it } from 'vitest';
import { Counter, Histogram, Registry } from 'prom-client';
import { RequestFigures } from '../../server/http/request-figures';

const bounds = [0.001, 0.01, 0.1];

/** The same observations through prom-client's own counter and histogram, the exposition this one must match. */
async function promClientText(observations: [string, number, number][]): Promise<string> {
  const registry = new Registry();
  const counter = new Counter({ name: 'r_total', help: 'h', labelNames: ['operation', 'status'], registers: [registry] });
  const histogram = new Histogram({ name: 'r_seconds', help: 'h', labelNames: ['operation'], buckets: bounds, registers: [registry] });
  for (const [operation, status, seconds] of observations) {
    counter.labels(operation, String(status)).inc();
    histogram.labels(operation).observe(seconds);
  }
  return registry.metrics();
}

describe('the request figures of /metrics', () => {
  it('are exposed exactly as prom-client exposes the same observations', async () => {
    const observations: [string, number, number][] = [
      ['statObject', 200, 0.0004],
      ['statObject', 200, 0.001],
      ['statObject', 404, 0.05],
      ['uploadObject', 201, 2],
    ];
    const figures = new RequestFigures(bounds);
    for (const [operation, status, seconds] of observations) figures.observe(operation, status, seconds);
    const registry = new Registry();
    registry.registerMetric(figures.counter('r_total', 'h'));
    registry.registerMetric(figures.histogram('r_seconds', 'h'));
    const text = await registry.metrics();
    expect(text).toBe(await promClientText(observations));
    expect(text).toContain('r_seconds_bucket{le="0.001",operation="statObject"} 2');
    expect(text).toContain('r_seconds_bucket{le="+Inf",operation="uploadObject"} 1');
  });
});
