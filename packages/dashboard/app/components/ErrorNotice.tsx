/** An inline error: the server's message, with its code for support. */
export function ErrorNotice({ error }: { error: { code: string; message: string } }) {
  return (
    <div className="notice error" role="alert">
      <strong>{error.message}</strong> <code>{error.code}</code>
    </div>
  );
}
