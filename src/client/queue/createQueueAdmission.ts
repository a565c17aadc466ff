// The queue's admission step: core's, shared with the relay (way in open, rate, preparation, sensitive
// fields), refusing with the queue's error type and preparing with the queue's options.
import { createElicitationAdmission } from "../../core/request/createElicitationAdmission";
import { ElicitationQueueError } from "../../core/request/ElicitationQueueError";
import { prepareElicitationRequest } from "../../core/request/prepareElicitationRequest";
import type { QueueAdmissionMaker } from "./assembleElicitationQueue";

export const createQueueAdmission: QueueAdmissionMaker = ({ options, rateLimit, now, isClosed }) =>
  createElicitationAdmission({
    Refusal: ElicitationQueueError,
    rateLimit,
    now,
    isClosed,
    prepare: (params) => prepareElicitationRequest(params, { limits: options.limits, sensitiveFields: options.sensitiveFields, fileInputs: options.fileInputs }),
  });
