import { createRoot } from "react-dom/client";
import "../../src/styles.css";
import "./demo.css";
import { DemoHost } from "./DemoHost";

createRoot(document.getElementById("root")!).render(<DemoHost />);
