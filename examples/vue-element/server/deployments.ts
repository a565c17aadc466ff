// Each person's deployments, in this process's memory (a real app uses its database): the service,
// and the deploy tool's result once it has one. A reload of the page reads them again.

export interface Deployment {
  id: string;
  service: string;
  /** The tool's text once the call ended; undefined while it runs (and asks). */
  result?: string;
}

export function createDeployments() {
  const byOwner = new Map<string, Deployment[]>();
  return {
    of: (owner: string): Deployment[] => byOwner.get(owner) ?? [],
    add(owner: string, service: string): Deployment {
      const deployment: Deployment = { id: crypto.randomUUID(), service };
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), deployment]);
      return deployment;
    },
  };
}
