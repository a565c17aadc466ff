// Admission (parsing and checking a request) costs tens of microseconds: 5,000 requests sent in one
// task would hold the main thread for 100 ms and more. One run of code admits requests for about
// ADMISSION_BUDGET_MS; the rest wait in arrival order and are admitted over the following tasks, so
// the page draws frames in between. Small bursts are admitted at once.

/** Main-thread time one run of code spends admitting requests, once it admitted ADMISSION_BATCH_MIN; the rest wait for the next task. */
const ADMISSION_BUDGET_MS = 8;
const ADMISSION_BATCH_MIN = 64;

/** `admit`, called at once while the current run of code is within its budget, later (in order) once it is not. */
export function createAdmissionBudget<R, T>(admit: (request: R) => Promise<T>): (request: R) => Promise<T> {
  const parked: { request: R; settle: (answer: Promise<T>) => void }[] = [];
  let spentThisRun = 0;
  let admittedThisRun = 0;
  let runResetScheduled = false;
  let drainScheduled = false;

  function timed(request: R): Promise<T> {
    const start = performance.now();
    try {
      return admit(request);
    } finally {
      spentThisRun += performance.now() - start;
      admittedThisRun++;
      if (!runResetScheduled) {
        runResetScheduled = true;
        // The budget is per run of synchronous code: requests arriving one message at a time never wait.
        queueMicrotask(() => {
          runResetScheduled = false;
          spentThisRun = 0;
          admittedThisRun = 0;
        });
      }
    }
  }

  /** A run has used its budget: it admitted many requests and took long doing so. */
  const overBudget = () => admittedThisRun >= ADMISSION_BATCH_MIN && spentThisRun >= ADMISSION_BUDGET_MS;

  function scheduleDrain(): void {
    if (drainScheduled) return;
    drainScheduled = true;
    // A new task, so the page can draw between batches.
    setTimeout(drain, 0);
  }

  function drain(): void {
    drainScheduled = false;
    let index = 0;
    while (index < parked.length && !overBudget()) {
      const { request, settle } = parked[index++]!;
      settle(timed(request));
    }
    parked.splice(0, index);
    if (parked.length > 0) scheduleDrain();
  }

  return (request) => {
    if (parked.length === 0 && !overBudget()) return timed(request);
    return new Promise<T>((resolve, reject) => {
      parked.push({ request, settle: (answer) => answer.then(resolve, reject) });
      scheduleDrain();
    });
  };
}
