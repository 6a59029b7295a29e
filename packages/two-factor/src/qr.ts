/** @gatehouse/two-factor/qr — the TOTP URI as a QR code, drawn locally (no request leaves the page or server). */
import QRCode from "qrcode";

/**
 * An SVG image of `totpURI` for authenticator apps to scan. Generated in-process: the secret in the URI
 * never goes to a third-party QR service. The SVG holds only paths (no script, no text from the URI), so
 * it is safe to inline.
 */
export async function totpQrCodeSvg(
  totpURI: string,
  options: { margin?: number; width?: number } = {},
): Promise<string> {
  if (!totpURI.startsWith("otpauth://")) throw new TypeError("totpQrCodeSvg expects an otpauth:// URI");
  return QRCode.toString(totpURI, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: options.margin ?? 2,
    width: options.width,
  });
}
