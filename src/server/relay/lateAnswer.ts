// The closing policy every store applies inside its atomic settle: an answer nobody can receive is not taken,
// and the request closes as what it is.

/** Why an answer cannot be taken: past the request's deadline "timeout", its holder's lease lapsed "closed"; undefined while it can. */
export function lateAnswer(deadline: number | undefined, now: number, leased: boolean): "timeout" | "closed" | undefined {
  return deadline !== undefined && now > deadline ? "timeout" : leased ? undefined : "closed";
}
