import { useEffect, useState } from "react";
import { fillTemplate } from "../messages/fillTemplate";
import type { HostMessages } from "../messages/hostMessages";

export interface DialogStatusProps {
  serverName: string;
  /** 1-based place of the shown request; with `total`, drawn only when more requests wait. */
  position: number;
  total: number;
  /** When the request will be answered cancel, on the `now` clock. */
  deadline?: number;
  now: () => number;
  /** "Stop asking": cancel this and every waiting request from this server. Omitted → no button. */
  onStopAsking?: () => void;
  messages: HostMessages;
}

function formatTime(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The line under a queued dialog's title: "1 of 3", time left, and "stop asking". */
export function DialogStatus({ serverName, position, total, deadline, now, onStopAsking, messages }: DialogStatusProps) {
  const [, tick] = useState(0);
  useEffect(() => {
    if (deadline === undefined) return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const showPosition = total > 1;
  if (!showPosition && deadline === undefined && !onStopAsking) return null;
  return (
    <div className="rme-dialog__status">
      {showPosition ? (
        <span className="rme-dialog__progress" data-testid="rme-queue-position">
          {fillTemplate(messages.queuePosition, { position: String(position), total: String(total) })}
        </span>
      ) : null}
      {deadline !== undefined ? (
        // role=timer is not announced on every tick; the text stays readable on demand.
        <span className="rme-dialog__time-left" role="timer">
          {fillTemplate(messages.timeLeft, { time: formatTime(deadline - now()) })}
        </span>
      ) : null}
      {onStopAsking ? (
        <button type="button" className="rme-button rme-button--quiet rme-dialog__stop" data-action="stop-asking" onClick={onStopAsking}>
          {fillTemplate(messages.stopAsking, { server: serverName })}
        </button>
      ) : null}
    </div>
  );
}
