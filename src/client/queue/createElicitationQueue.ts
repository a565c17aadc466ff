// The queue (assembleElicitationQueue), each request prepared the moment it arrives.
import type { ElicitationQueue, ElicitationQueueOptions } from "../types";
import { assembleElicitationQueue } from "./assembleElicitationQueue";
import { createQueueAdmission } from "./createQueueAdmission";

export function createElicitationQueue(options: ElicitationQueueOptions = {}): ElicitationQueue {
  return assembleElicitationQueue(options, createQueueAdmission);
}
