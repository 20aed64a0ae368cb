import QRCode from "qrcode";

/**
 * The QR code of a payload as an SVG document, drawn on the server (no QR code in the
 * browser's JavaScript). Error correction M: banking apps read it from a phone screen.
 */
export function qrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}
