/** The heading, with the server's name drawn apart wherever the template puts `{server}`. */
export function DialogTitle({ id, template, serverName }: { id: string; template: string; serverName: string }) {
  const parts = template.split("{server}");
  return (
    <h2 id={id} className="rme-dialog__title">
      {parts.map((part, index) => (
        <span key={index} className="rme-dialog__title-part">
          {index > 0 ? <strong className="rme-dialog__server">{serverName}</strong> : null}
          {part}
        </span>
      ))}
    </h2>
  );
}
