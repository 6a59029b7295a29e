import { ForgotPassword as ForgotPasswordForm, ResetPassword as ResetPasswordForm } from "@gatehouse-auth/react-ui";

/** /forgot-password: the drop-in `<ForgotPassword>`; the emailed link opens /reset-password?token=…. */
export function ForgotPassword() {
  return (
    <section className="auth-page">
      <ForgotPasswordForm resetPasswordUrl="/reset-password" signInUrl="/sign-in" />
    </section>
  );
}

/** /reset-password: the drop-in `<ResetPassword>` reads `?token=` (and a used link's `?error=`) itself. */
export function ResetPassword() {
  return (
    <section className="auth-page">
      <ResetPasswordForm signInUrl="/sign-in" />
    </section>
  );
}
