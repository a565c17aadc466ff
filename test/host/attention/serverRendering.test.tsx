// @vitest-environment node
// On a server (no window, no document, no Notification) the attention parts render nothing and
// touch nothing: a host's page that mounts them is server-rendered as before.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ElicitationAttention } from "../../../src/host/ElicitationAttention";
import { createElicitationQueue } from "../../../src/client/queue/createElicitationQueue";

describe("ElicitationAttention on a server", () => {
  it("renders nothing, and the hook reads notifications as unsupported", () => {
    const queue = createElicitationQueue();
    void queue.request({ serverName: "GitHub", params: { message: "Name?", requestedSchema: { type: "object", properties: {} } } }).catch(() => {});
    let permission: string | undefined;
    function Host() {
      permission = ElicitationAttention.useAttention(queue, { titleBadge: true, notifications: true }).notificationPermission;
      return <ElicitationAttention.Chip queue={queue} />;
    }
    const html = renderToString(
      <>
        <Host />
        <ElicitationAttention.Signals queue={queue} titleBadge notifications />
      </>,
    );
    expect(html).toBe("");
    expect(permission).toBe("unsupported");
    queue.close();
  });
});
