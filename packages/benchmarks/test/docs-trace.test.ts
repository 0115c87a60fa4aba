// The steps of a traced docs load, read from Chromium's trace events (here a small made-up trace
// of the same shape): consecutive, adding up to the load, each with the main thread's CPU in it.
import { describe, expect, it } from 'vitest';
import { STEPS, stepsOf } from '../lib/docs-trace.mjs';

const URL = 'http://127.0.0.1:4000/#/servers/listservers';
const main = { pid: 1, tid: 1 };
const ms = (value: number) => value * 1000;
const task = (start: number, dur: number, cpu: number) => ({
  ...main,
  name: 'ThreadControllerImpl::RunTask',
  ph: 'X',
  ts: ms(start),
  dur: ms(dur),
  tdur: ms(cpu),
});
const script = (file: string, start: number, dur: number) => ({
  ...main,
  name: 'EvaluateScript',
  ph: 'X',
  ts: ms(start),
  dur: ms(dur),
  args: { data: { url: `http://127.0.0.1:4000/${file}` } },
});

const trace = [
  { ...main, name: 'navigationStart', ts: 0, args: { data: { documentLoaderURL: URL } } },
  {
    pid: 9,
    tid: 9,
    name: 'ResourceSendRequest',
    ts: ms(5),
    args: { data: { requestId: 'a', url: 'http://127.0.0.1:4000/' } },
  },
  { ...main, name: 'ResourceFinish', ts: ms(50), args: { data: { requestId: 'a' } } },
  { pid: 1, tid: 7, name: 'v8.parseOnBackground', ph: 'X', ts: ms(60), dur: ms(150), tdur: ms(140) },
  task(40, 20, 10), // the page's HTML
  task(250, 200, 150),
  script('redoc-0123456789ab.js', 250, 200),
  task(450, 20, 10),
  script('console-0123456789ab.js', 460, 10),
  task(500, 50, 40), // Redoc's store
  { ...main, name: 'MinorGC', ph: 'X', ts: ms(510), dur: ms(5) },
  task(600, 300, 200), // the render
  { ...main, name: 'UpdateLayoutTree', ph: 'X', ts: ms(850), dur: ms(20) },
  { ...main, name: 'Layout', ph: 'X', ts: ms(870), dur: ms(30) },
];

describe('stepsOf', () => {
  it("cuts the load into consecutive steps, with the main thread's CPU in each", () => {
    const { steps, backgroundParse, gc, styleLayout } = stepsOf(trace, { url: URL, readyMs: 910 });
    expect(Object.keys(steps)).toEqual(STEPS.map(([key]) => key));
    expect(steps).toEqual({
      page: { wall: 50, main: 5 }, // half the HTML task falls before the response ends
      redocLoad: { wall: 200, main: 5 },
      redocRun: { wall: 200, main: 150 },
      store: { wall: 150, main: 50 },
      render: { wall: 310, main: 200 },
    });
    expect(Object.values(steps as Record<string, { wall: number }>).reduce((sum, step) => sum + step.wall, 0)).toBe(
      910,
    );
    expect({ backgroundParse, gc, styleLayout }).toEqual({ backgroundParse: 150, gc: 5, styleLayout: 50 });
  });

  it('says so when the trace is not of this page', () => {
    expect(() => stepsOf(trace, { url: 'http://127.0.0.1:4000/#/other', readyMs: 910 })).toThrow(
      /no navigationStart .*review lib\/docs-trace.mjs/,
    );
    expect(() =>
      stepsOf(
        trace.filter((e) => e.name !== 'EvaluateScript'),
        { url: URL, readyMs: 910 },
      ),
    ).toThrow(/Redoc's script did not run/);
  });
});
