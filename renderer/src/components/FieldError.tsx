// Why a value typed in a field was refused, under the field: read out at once,
// and scrolled into view (in a dialog, the field may sit at its bottom edge).
export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p
      className="field-error"
      id={id}
      role="alert"
      ref={(el) => el?.scrollIntoView({ block: 'nearest' })}
    >
      {message}
    </p>
  );
}
