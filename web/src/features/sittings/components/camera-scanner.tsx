import { useCallback, useEffect, useRef, useState } from "react";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { cornersSteady, findCorners, sheetInView, type Corners } from "./corner-finder";

/** How often a small frame is looked at, its width, and how long the sheet must stay still before the picture. */
const TICK_MS = 300;
const SMALL_W = 200;
const STEADY_MS = 1000;
const STEADY_PX = 4;

type CameraState = "off" | "starting" | "live" | "denied" | "absent" | "failed";

const hint = (c: Corners | null, inView: boolean, armed: boolean) => {
  if (!armed) return "Taken ✓ — put the next sheet in view";
  if (!c || c.every((p) => !p)) return "Point the camera at the answer sheet";
  if (!inView) return `Found ${c.filter(Boolean).length} of 4 corner squares: show the whole sheet`;
  return "Hold steady…";
};

/**
 * The phone's camera on the Scan screen: every 300 ms a small frame is searched for the sheet's four corner squares;
 * when all four stay still for a second the picture is taken at full resolution (JPEG 0.85) and handed to `onCapture`.
 * The next picture waits until that sheet has left the view. "Take picture" takes one at any time.
 */
export function CameraScanner({ onCapture, onUnavailable }: { onCapture: (photo: Blob) => void; onUnavailable?: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>("off");
  const [corners, setCorners] = useState<Corners | null>(null);
  const [size, setSize] = useState({ w: SMALL_W, h: Math.round((SMALL_W * 4) / 3) });
  const [status, setStatus] = useState("");
  const [taken, setTaken] = useState(0);
  const [flash, setFlash] = useState(false);
  const last = useRef<Corners | null>(null);
  const steadySince = useRef<number | null>(null);
  const armed = useRef(true);

  const stop = useCallback(() => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  async function start() {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState("absent");
      onUnavailable?.();
      return;
    }
    setState("starting");
    try {
      const s = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: "environment", width: { ideal: 2560 }, height: { ideal: 1920 } },
        audio: false,
      });
      stream.current = s;
      if (video.current) {
        video.current.srcObject = s;
        await video.current.play().catch(() => {});
      }
      setState("live");
    } catch (err) {
      const name = err instanceof DOMException ? err.name : "";
      setState(
        name === "NotAllowedError" || name === "SecurityError" ? "denied" : name === "NotFoundError" || name === "OverconstrainedError" ? "absent" : "failed",
      );
      onUnavailable?.();
    }
  }

  const capture = useCallback(() => {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    const canvas = document.createElement("canvas");
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext("2d")?.drawImage(v, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (!blob) return;
        onCapture(blob);
        setTaken((n) => n + 1);
        setFlash(true);
        setTimeout(() => setFlash(false), 250);
      },
      "image/jpeg",
      0.85,
    );
    armed.current = false;
    steadySince.current = null;
  }, [onCapture]);

  useEffect(() => {
    if (state !== "live") return;
    const small = document.createElement("canvas");
    const ctx = small.getContext("2d", { willReadFrequently: true });
    const timer = setInterval(() => {
      const v = video.current;
      if (!v || !ctx || !v.videoWidth || v.readyState < 2) return;
      const w = SMALL_W;
      const h = Math.round((SMALL_W * v.videoHeight) / v.videoWidth);
      if (small.width !== w || small.height !== h) {
        small.width = w;
        small.height = h;
        setSize({ w, h });
      }
      ctx.drawImage(v, 0, 0, w, h);
      const c = findCorners(ctx.getImageData(0, 0, w, h));
      const inView = sheetInView(c, { width: w, height: h });
      const now = Date.now();
      if (!inView) {
        // The sheet left (or never came): the next one may be taken.
        armed.current = true;
        steadySince.current = null;
      } else if (armed.current) {
        if (cornersSteady(last.current, c, STEADY_PX)) steadySince.current ??= now;
        else steadySince.current = null;
        if (steadySince.current !== null && now - steadySince.current >= STEADY_MS) capture();
      }
      last.current = c;
      setCorners(c);
      setStatus(hint(c, inView, armed.current));
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [state, capture]);

  if (state === "denied" || state === "absent" || state === "failed")
    return (
      <Alert color="orange" title={state === "denied" ? "The camera is not allowed" : "No camera here"} role="alert">
        {state === "denied"
          ? "This browser was told not to use the camera. Allow the camera for this site in the browser's settings, or upload photos below."
          : state === "absent"
            ? "This device has no camera the browser can use. Take the photos with another phone's camera app and upload them below."
            : "The camera could not start. Upload the photos below instead."}
      </Alert>
    );

  const found = corners?.filter(Boolean).length ?? 0;
  // The frame guide: an A4 sheet's shape (1 : 1.414), as large as the view allows.
  const gh = Math.min(size.h * 0.92, size.w * 0.88 * 1.414);
  const guide = { w: gh / 1.414, h: gh };
  return (
    <Stack gap="xs">
      <div
        style={{
          position: "relative",
          width: "100%",
          maxWidth: 480,
          background: "#111",
          borderRadius: 8,
          overflow: "hidden",
          display: state === "off" ? "none" : "block",
        }}
      >
        <video ref={video} playsInline muted autoPlay style={{ width: "100%", display: "block" }} aria-label="Camera view" />
        <svg
          viewBox={`0 0 ${size.w} ${size.h}`}
          preserveAspectRatio="none"
          style={{ position: "absolute", inset: 0, width: "100%", height: "100%" }}
          aria-hidden
        >
          {/* The frame guide: an A4 sheet's shape, in the middle of the view. */}
          <rect
            x={(size.w - guide.w) / 2}
            y={(size.h - guide.h) / 2}
            width={guide.w}
            height={guide.h}
            fill="none"
            stroke={found === 4 ? "#40c057" : "#fff"}
            strokeWidth={1.2}
            strokeDasharray="6 4"
          />
          {corners?.map((p, i) => (p ? <circle key={i} cx={p.x} cy={p.y} r={5} fill="none" stroke="#40c057" strokeWidth={2} /> : null))}
          {flash && <rect x={0} y={0} width={size.w} height={size.h} fill="#fff" opacity={0.6} />}
        </svg>
      </div>
      {state === "live" && (
        <Text fw={700} size="lg" role="status" aria-live="polite" data-testid="camera-status">
          {status || "Point the camera at the answer sheet"}
        </Text>
      )}
      <Group gap="xs" wrap="wrap">
        {state === "live" ? (
          <>
            <Button size="lg" onClick={capture}>
              Take picture
            </Button>
            <Button
              variant="default"
              onClick={() => {
                stop();
                setState("off");
              }}
            >
              Stop the camera
            </Button>
          </>
        ) : (
          <Button size="lg" onClick={() => void start()} loading={state === "starting"}>
            Open the camera
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {taken
          ? `${taken} ${taken === 1 ? "picture" : "pictures"} taken. Put the next sheet down; the picture is taken when all four corner squares are steady.`
          : "Lay the sheet flat in good light. When the four black corner squares are in view and steady, the picture is taken by itself."}
      </Text>
    </Stack>
  );
}
