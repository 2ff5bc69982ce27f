import { Eraser, Undo2 } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import SignaturePadEngine, { type PointGroup } from "signature_pad";
import { Button } from "@/client/components/ui/button";
import { hasEnoughInk, measureInk, rgbaToGrey, SIGNATURE_HEIGHT, SIGNATURE_WIDTH } from "@/common/protocols/signature-ink";
import { protocolUiText as text } from "../text";

// The drawing itself is signature_pad's (smooth strokes of varying width, pointer, touch and pen).
// This component keeps what it draws across re-renders, a phone's rotation and a change of size:
// the strokes are data, redrawn at the new size, never a picture that a repaint could wipe.

/** rules §9: the pen is 1–3 px (here in the pad's own pixels; it scales with the pad). */
const PEN = { penColor: "#111827", minWidth: 1, maxWidth: 2.6, backgroundColor: "#ffffff" } as const;

/** The strokes moved to a pad `scale` times as wide (the pad keeps its 5:2 shape). */
function scaleStrokes(strokes: PointGroup[], scale: number): PointGroup[] {
  if (scale === 1) return strokes;
  return strokes.map((stroke) => ({ ...stroke, points: stroke.points.map((point) => ({ ...point, x: point.x * scale, y: point.y * scale })) }));
}

/**
 * The drawing as the server stores it: 500 × 200 on white (rules §9), whatever the pad's size on the
 * screen and the device's pixel ratio. `null` when it holds too little ink to be a signature.
 */
function exportSignature(canvas: HTMLCanvasElement): string | null {
  const out = document.createElement("canvas");
  out.width = SIGNATURE_WIDTH;
  out.height = SIGNATURE_HEIGHT;
  const context = out.getContext("2d");
  if (!context) return null;
  context.fillStyle = PEN.backgroundColor;
  context.fillRect(0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
  context.drawImage(canvas, 0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
  const grey = rgbaToGrey(context.getImageData(0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT).data);
  if (!hasEnoughInk(measureInk(grey, SIGNATURE_WIDTH, SIGNATURE_HEIGHT), SIGNATURE_WIDTH, SIGNATURE_HEIGHT)) return null;
  return out.toDataURL("image/png");
}

type Props = {
  label: string;
  /** The signature as a PNG data URL, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** A signed pad that may not be cleared. */
  locked?: boolean;
};

/**
 * A signature pad: draw with a finger, pen or mouse, in as many strokes as a name takes. `onChange`
 * gets a 500 × 200 PNG data URL after every stroke once the drawing holds enough ink (the server's
 * own minimum, src/common/protocols/signature-ink), else null. 'Ångra' takes back the last stroke,
 * 'Rensa' starts afresh. A signature that comes from elsewhere (the server, a draft kept on the
 * device) is shown as its image and can be cleared to sign anew, unless `locked`.
 */
export function SignaturePad({ label, value, onChange, locked = false }: Props) {
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadEngine | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const [strokes, setStrokes] = useState(0);
  const [enough, setEnough] = useState(false);
  // What this pad last gave onChange: a different value came from elsewhere.
  const [emitted, setEmitted] = useState<string | null>(null);
  const fromElsewhere = value !== null && value !== emitted;

  // Reads the pad after a change (a stroke, 'Ångra', 'Rensa') and tells the form. Only refs and
  // state setters: the same function for the pad's listener and the buttons.
  const update = useCallback(() => {
    const pad = padRef.current;
    const canvas = canvasRef.current;
    if (!pad || !canvas) return;
    const count = pad.toData().length;
    const signature = count > 0 ? exportSignature(canvas) : null;
    setStrokes(count);
    setEnough(signature !== null);
    setEmitted(signature);
    onChangeRef.current(signature);
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePadEngine(canvas, PEN);
    padRef.current = pad;
    // The canvas's pixels follow its size on the screen times the pixel ratio (sharp on a phone);
    // on a new size (a rotated phone, a resized window) the strokes are redrawn, scaled to it.
    let width = 0;
    const fit = () => {
      const cssWidth = canvas.offsetWidth;
      if (cssWidth === 0 || cssWidth === width) return; // hidden, or no change
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = scaleStrokes(pad.toData(), width ? cssWidth / width : 1);
      width = cssWidth;
      canvas.width = Math.round(cssWidth * ratio);
      canvas.height = Math.round(canvas.offsetHeight * ratio);
      canvas.getContext("2d")?.scale(ratio, ratio);
      pad.fromData(strokes);
    };
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    fit();
    pad.addEventListener("endStroke", update);
    return () => {
      observer.disconnect();
      pad.removeEventListener("endStroke", update);
      pad.off();
      padRef.current = null;
    };
  }, [update]);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (locked) pad.off();
    else pad.on();
  }, [locked]);

  // The form was reset (or a signature came from elsewhere): what was drawn here goes.
  useEffect(() => {
    if ((value === null && emitted !== null) || fromElsewhere) {
      padRef.current?.clear();
      setStrokes(0);
      setEnough(false);
      if (value === null) setEmitted(null);
    }
  }, [value, emitted, fromElsewhere]);

  const undo = () => {
    const pad = padRef.current;
    if (!pad) return;
    pad.fromData(pad.toData().slice(0, -1));
    update();
  };
  const clear = () => {
    padRef.current?.clear();
    update();
  };

  const hint = fromElsewhere ? text.signedHint : strokes === 0 ? text.signHint : enough ? text.drawnHint : text.signTooSmall;
  return (
    <div className="grid gap-2">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-900">
        {label}
      </p>
      {fromElsewhere && <img src={value} alt={`${label}: ${text.signed}`} className="w-full max-w-[500px] rounded-md border border-slate-300 bg-white" />}
      <canvas
        ref={canvasRef}
        hidden={fromElsewhere}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        data-strokes={strokes}
        className="w-full max-w-[500px] touch-none rounded-md border border-slate-400 bg-white"
        style={{ aspectRatio: `${SIGNATURE_WIDTH} / ${SIGNATURE_HEIGHT}` }}
      />
      <p id={`${id}-hint`} aria-live="polite" className="text-xs text-slate-600">
        {hint}
      </p>
      {!locked && (fromElsewhere || strokes > 0) && (
        <div className="flex flex-wrap gap-2">
          {!fromElsewhere && (
            <Button variant="outline" size="sm" onClick={undo} aria-label={`${text.undoSignature}: ${label}`}>
              <Undo2 aria-hidden="true" />
              {text.undoSignature}
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={clear} aria-label={`${text.clearSignature}: ${label}`}>
            <Eraser aria-hidden="true" />
            {text.clearSignature}
          </Button>
        </div>
      )}
    </div>
  );
}
