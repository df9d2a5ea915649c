import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { FieldErrors } from "../../../components/forms";

/** New password and its confirmation, with their translated errors. */
export function PasswordFields({
  password,
  confirm,
}: {
  password: FieldMetadata<string>;
  confirm: FieldMetadata<string>;
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <div className={`field${password.errors ? " has-error" : ""}`}>
        <label htmlFor={password.id}>{t("reset.newPassword")}</label>
        <input {...getInputProps(password, { type: "password" })} autoComplete="new-password" />
        <FieldErrors id={password.errorId} errors={password.errors} />
      </div>
      <div className={`field${confirm.errors ? " has-error" : ""}`}>
        <label htmlFor={confirm.id}>{t("reset.confirmPassword")}</label>
        <input {...getInputProps(confirm, { type: "password" })} autoComplete="new-password" />
        <FieldErrors id={confirm.errorId} errors={confirm.errors} />
      </div>
    </>
  );
}

export function CodeInput({ field }: { field: FieldMetadata<string> }) {
  const { t } = useTranslation("auth");
  return (
    <div className={`field${field.errors ? " has-error" : ""}`}>
      <label htmlFor={field.id}>{t("reset.code")}</label>
      <input
        {...getInputProps(field, { type: "text" })}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
      />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
