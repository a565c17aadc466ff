// The chunk the element loads with its first question, or earlier when the page is idle: everything
// that draws (OutletView says what it holds).
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { createQueueAdmission } from "../client/queue/createQueueAdmission";
import { createElicitationDraftStore } from "../form/createElicitationDraftStore";
import styles from "../styles.css?inline";
import { createOutletStyles } from "./adoptOutletStyles";
import { ElementOutlet } from "./ElementOutlet";
import type { OutletView } from "./OutletView";
import { watchDrawnRequests } from "./watchDrawnRequests";

export const outletView: OutletView = {
  createRoot(element) {
    const root = createRoot(element);
    return {
      render: (props) => root.render(props === null ? null : createElement(ElementOutlet, props)),
      unmount: () => root.unmount(),
    };
  },
  createOutletStyles: () => createOutletStyles(styles),
  createElicitationDraftStore,
  watchDrawnRequests,
  createQueueAdmission,
};
