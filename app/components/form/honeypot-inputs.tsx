import type { HoneypotInputProps } from "remix-utils/honeypot/server";

/**
 * The honeypot's fields (forms/protection.server.ts checks them). remix-utils' React component renders
 * `autocomplete="nope"`, which is not a valid autocomplete value (the Nu HTML Checker flags every
 * lead form); "off" keeps browsers from filling the trap for a person just as well.
 */
export function HoneypotInputs({
  label,
  nameFieldName = "name__confirm",
  validFromFieldName = "from__confirm",
  encryptedValidFrom,
}: HoneypotInputProps & { label: string }) {
  return (
    <div id={`${nameFieldName}_wrap`} style={{ display: "none" }} aria-hidden="true">
      <label htmlFor={nameFieldName}>{label}</label>
      <input id={nameFieldName} name={nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      {validFromFieldName && encryptedValidFrom ? (
        <>
          <label htmlFor={validFromFieldName}>{label}</label>
          <input id={validFromFieldName} name={validFromFieldName} type="text" value={encryptedValidFrom} readOnly autoComplete="off" tabIndex={-1} />
        </>
      ) : null}
    </div>
  );
}
