import { Eraser } from "lucide-react";
import { useEffect, useId, useRef, useState, type PointerEvent } from "react";
import { Button } from "@/client/components/ui/button";
import { protocolUiText } from "../text";

/** SPEC §9: a 500 × 200 pad; the pen is 1–3 px depending on pressure. */
const WIDTH = 500;
const HEIGHT = 200;

/**
 * A signature pad: draw with a finger, pen or mouse; `onChange` gets a PNG data URL, or null when
 * cleared. A signed pad (`value` from the server) shows the image and can be cleared to sign anew,
 * unless `locked`.
 */
export function SignaturePad({ label, value, onChange, locked = false }: { label: string; value: string | null; onChange: (value: string | null) => void; locked?: boolean }) {
  const id = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [inked, setInked] = useState(false);

  useEffect(() => {
    const context = canvas.current?.getContext("2d");
    if (!context) return;
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, WIDTH, HEIGHT);
  }, [value]);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - rect.left) / rect.width) * WIDTH, y: ((event.clientY - rect.top) / rect.height) * HEIGHT };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    const context = canvas.current?.getContext("2d");
    if (!context || locked) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const context = canvas.current?.getContext("2d");
    if (!context || !drawing.current) return;
    const { x, y } = point(event);
    context.lineWidth = 1 + Math.min(2, (event.pressure || 0.5) * 2);
    context.lineCap = "round";
    context.strokeStyle = "#111827";
    context.lineTo(x, y);
    context.stroke();
    setInked(true);
  };
  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    if (inked && canvas.current) onChange(canvas.current.toDataURL("image/png"));
  };
  const clear = () => {
    setInked(false);
    onChange(null);
    const context = canvas.current?.getContext("2d");
    if (context) {
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, WIDTH, HEIGHT);
    }
  };

  return (
    <div className="grid gap-2">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-900">
        {label}
      </p>
      {value && !inked ? (
        <img src={value} alt={`${label}: ${protocolUiText.signed}`} className="w-full max-w-[500px] rounded-md border border-slate-300 bg-white" />
      ) : (
        <canvas
          ref={canvas}
          width={WIDTH}
          height={HEIGHT}
          role="img"
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={end}
          onPointerLeave={end}
          className="w-full max-w-[500px] touch-none rounded-md border border-slate-400 bg-white"
          style={{ aspectRatio: `${WIDTH} / ${HEIGHT}` }}
        />
      )}
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {value ? protocolUiText.signedHint : protocolUiText.signHint}
      </p>
      {!locked && (value || inked) && (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={clear}>
          <Eraser aria-hidden="true" />
          {protocolUiText.clearSignature}
        </Button>
      )}
    </div>
  );
}
