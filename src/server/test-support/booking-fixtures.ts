import sharp from "sharp";
import type { CreateBooking } from "@/common/schemas/bookings";

/** Sunday 22 November 2026, 11:00 in Stockholm: the fixed "now" of booking tests. */
export const NOW = new Date("2026-11-22T10:00:00Z");
/** The first Monday a service visit can be booked from NOW (14 days lead time). */
export const FIRST_SERVICE_MONDAY = "2026-12-07";

export function bookingPayload(overrides: Partial<CreateBooking> = {}): CreateBooking {
  return {
    serviceType: "service",
    heatpumpModel: "Toshiba Haori",
    description: "Årlig service, filtret behöver rengöras.",
    date: FIRST_SERVICE_MONDAY,
    timeSlot: "08:00-10:00",
    name: "Lars Andersson",
    email: "lars.andersson@exempel.se",
    phone: "070-123 45 67",
    address: "Storgatan 12",
    city: "Uppsala",
    postalCode: "753 20",
    ...overrides,
  };
}

/** A JPEG photo as a phone makes it: rotated by EXIF orientation and carrying camera and GPS metadata. */
export async function phonePhotoDataUrl(width = 64, height = 32): Promise<string> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: "#3366cc" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "Telefon", Model: "Kamera X", Artist: "Lars Andersson" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "59/1 19/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "18/1 4/1 0/1" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
}

export async function pngDataUrl(): Promise<string> {
  const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

/** A signature as a 500 × 200 canvas draws it: a dark stroke across a transparent pad (PNG data URL). */
export async function signatureDataUrl(path = "M30 150 C 80 20, 140 180, 200 90 S 320 40, 460 120"): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="200"><path d="${path}" stroke="#111" stroke-width="3" fill="none"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}
