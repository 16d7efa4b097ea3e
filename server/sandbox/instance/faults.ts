/**
 * Test-only faults for GraphQL requests, from SANDBOX_FAULTS (JSON; unset outside tests, and
 * then nothing here runs): a list of rules such as
 * `[{"status":429,"retryAfter":1,"requestName":"AllUsers","after":3,"times":1}]`: of the
 * GraphQL requests named `AllUsers` (`?AllUsers`; every request when no name is given), the
 * first 3 pass, the next 1 gets 429 with `Retry-After: 1` and an empty body (as the instance's
 * rate limiter answers), then all pass again. Every rule counts every request it matches; the
 * first rule due answers.
 */
export interface FaultRule {
  status: number;
  retryAfter?: number;
  requestName?: string;
  after?: number;
  times?: number;
}

export interface Fault {
  status: number;
  headers: Record<string, string>;
}

function parseRules(text: string): FaultRule[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`SANDBOX_FAULTS is not JSON: ${(err as Error).message}`);
  }
  const list = Array.isArray(json) ? json : [json];
  return list.map((r: unknown, i) => {
    const rule = (r ?? {}) as Partial<FaultRule>;
    if (typeof rule.status !== 'number' || rule.status < 400 || rule.status > 599)
      throw new Error(`SANDBOX_FAULTS[${i}].status must be an HTTP error status (400-599)`);
    return rule as FaultRule;
  });
}

/** The faults SANDBOX_FAULTS asks for, or undefined (the normal case). */
export function faultsFromEnv(text = process.env.SANDBOX_FAULTS): FaultPlan | undefined {
  return text ? new FaultPlan(parseRules(text)) : undefined;
}

export class FaultPlan {
  private seen: number[];

  constructor(private rules: readonly FaultRule[]) {
    this.seen = rules.map(() => 0);
  }

  /** The fault for this request, if one is due (counts the request either way). */
  take(requestName: string): Fault | undefined {
    let due: Fault | undefined;
    this.rules.forEach((rule, i) => {
      if (rule.requestName !== undefined && rule.requestName !== requestName) return;
      const n = this.seen[i]!++;
      const after = rule.after ?? 0;
      if (due || n < after || n >= after + (rule.times ?? 1)) return;
      const headers: Record<string, string> = { 'Content-Length': '0' };
      if (rule.retryAfter !== undefined) headers['Retry-After'] = String(rule.retryAfter);
      due = { status: rule.status, headers };
    });
    return due;
  }
}
