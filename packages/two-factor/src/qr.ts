/** @gatehouse-auth/two-factor/qr — the TOTP URI as a QR code, drawn locally (no request leaves the page or server). */

type QRCodeModule = typeof import("qrcode");

let loading: Promise<QRCodeModule> | undefined;

/**
 * qrcode (and pngjs under it), imported when the first QR code is drawn rather than at start-up: the
 * plugin's index re-exports this file, so a static import cost every app ~20 ms of cold start.
 */
function qrcode(): Promise<QRCodeModule> {
  loading ??= import("qrcode").then((m) => ((m as { default?: QRCodeModule }).default ?? m) as QRCodeModule);
  return loading;
}

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
  const QRCode = await qrcode();
  return QRCode.toString(totpURI, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: options.margin ?? 2,
    width: options.width,
  });
}
