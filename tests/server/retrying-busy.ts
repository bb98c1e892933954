/**
 * A 429 ("too many attempts, try again later") is an answer a client retries, as lakeFS's clients do: under heavy
 * contention on one branch (more so on a busy CI machine) a write may lose the race several times in a row. Nothing
 * a 429 answered was acknowledged, so retrying cannot hide a lost write.
 */
export async function retryingBusy<T extends { status: number }>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const res = await call();
    if (res.status !== 429 || attempt === 20) return res;
  }
}
