// The Redis store's key and channel names (the layout is in relayScripts.ts). A person's keys carry
// their name as the hash tag, a holder's keys theirs: on a Redis Cluster each lands in one slot.

/** A name as a hash tag's content: never empty, never a brace (which would end or start the tag early); one name, one tag. */
const tagOf = (name: string) => (name === "" ? "%00" : name.replace(/[%{}]/g, (char) => (char === "%" ? "%25" : char === "{" ? "%7B" : "%7D")));

export interface PersonKeys {
  open: string;
  pos: string;
  closed: string;
  completed: string;
  /** A request's key is this and its id. */
  req: string;
  /** A parked round's key is this and its id. */
  round: string;
  channel: string;
}

export function relayKeys(prefix: string) {
  if (/[{}]/.test(prefix)) throw new RangeError(`createRedisRelayStore: prefix must not contain "{" or "}" (its keys carry hash tags of their own), got "${prefix}".`);
  return {
    person(owner: string): PersonKeys {
      const tag = `{${tagOf(owner)}}`;
      return {
        open: `${prefix}:open:${tag}`,
        pos: `${prefix}:pos:${tag}`,
        closed: `${prefix}:closed:${tag}`,
        completed: `${prefix}:completed:${tag}`,
        req: `${prefix}:req:${tag}:`,
        round: `${prefix}:round:${tag}:`,
        channel: `${prefix}:owner:${owner}`,
      };
    },
    lease: (holder: string) => `${prefix}:lease:{${tagOf(holder)}}`,
    /** What precedes a lease's `{holder}` tag (a settle script builds a relay id's lease key from it). */
    leasePrefix: `${prefix}:lease:`,
    held: (holder: string) => `${prefix}:held:{${tagOf(holder)}}`,
    /** A person's small values of one kind (store.keep), in their own slot. */
    kept: (owner: string, kind: string) => `${prefix}:kept:{${tagOf(owner)}}:${kind}`,
    /** A once-only decision (store.claim). */
    claim: (key: string) => `${prefix}:claim:${key}`,
    /** Settlements for a holder are published on this and its name. */
    holderChannel: `${prefix}:holder:`,
    /** Every chat's Stop is published here, for every instance. */
    stopChannel: `${prefix}:stops`,
    where: (id: string) => `${prefix}:where:${id}`,
    holders: `${prefix}:holders`,
    rounds: `${prefix}:rounds`,
    epoch: `${prefix}:epoch`,
  };
}
