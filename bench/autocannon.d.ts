// The part of autocannon's API the benches use (the package ships no types; @types/autocannon is not installed).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  function autocannon(
    options: autocannon.Options,
    callback: (error: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;

  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      pipelining?: number;
      timeout?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      /** A response whose body makes this return false counts as a mismatch. */
      verifyBody?: (body: string) => boolean;
      /** Requests each connection sends in turn, instead of one `method` to `url`. */
      requests?: Request[];
    }

    interface Request {
      method?: string;
      path: string;
      headers?: Record<string, string>;
      body?: string;
      /** The request as sent, made anew each time; `context` is the connection's own object. */
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    }

    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      p50: number;
      p90: number;
      p99: number;
      p999: number;
      total: number;
    }

    interface Result {
      duration: number;
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      resets: number;
      '2xx': number;
      statusCodeStats: Record<string, { count: number }>;
      latency: Histogram;
      requests: Histogram;
    }

    interface Instance extends EventEmitter {
      stop(): void;
      on(
        event: 'response',
        listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
      ): this;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- EventEmitter's own signature
      on(event: string, listener: (...args: any[]) => void): this;
    }
  }

  export = autocannon;
}
