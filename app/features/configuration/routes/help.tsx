import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/help";
import { PROTOCOL_NAMES, PROTOCOLS, TCP_PROTOCOLS, type ProtocolEntry } from "../../../../server/shared/protocols";
import { helpLoader } from "../configuration.server";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

/**
 * Every device family the gateways speak, on their default ports (server/shared/protocols.ts): the trackers, then
 * the phone apps over HTTP.
 */
const DEVICES = [...TCP_PROTOCOLS, ...PROTOCOL_NAMES.filter((n) => PROTOCOLS[n].transport !== "tcp")].map((key) => {
  const p: ProtocolEntry = PROTOCOLS[key];
  return { key, port: p.port, transport: p.udp ? "TCP, UDP" : p.transport.toUpperCase() };
});

export const loader = ({ request, context }: Route.LoaderArgs) => helpLoader(request, context);

export default function Help({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("configuration");
  const { t: ta } = useTranslation("addresses");
  const { contact, host, sections, canManage, geocoder } = loaderData;
  return (
    <article className="stack" data-testid="help-page">
      <header className="page-header">
        <h1>{t("help.title")}</h1>
        <p className="muted">{t("help.intro")}</p>
      </header>

      <section className="card">
        <h2>{t("help.modules.title")}</h2>
        <ul>
          {canManage && (
            <li>
              <Link to="/manage">{t("common:nav.manage")}</Link>: {t("help.modules.manage")}
            </li>
          )}
          {sections.map((s) => (
            <li key={s.key}>
              <Link to={s.to}>{t(`nav.${s.key}`)}</Link>: {t(`list.descriptions.${s.key}`)}
            </li>
          ))}
        </ul>
        <p className="muted">{t("help.modules.permissions")}</p>
      </section>

      <section className="card">
        <h2>{t("help.devices.title")}</h2>
        <p>{t("help.devices.intro")}</p>
        <ol>
          <li>{t("help.devices.step1")}</li>
          <li>{t("help.devices.step2")}</li>
          <li>{t("help.devices.step3", { host })}</li>
          <li>{t("help.devices.step4")}</li>
        </ol>
        <table className="table" data-testid="device-ports">
          <thead>
            <tr>
              <th>{t("help.devices.device")}</th>
              <th>{t("help.devices.port")}</th>
              <th>{t("help.devices.identifier")}</th>
            </tr>
          </thead>
          <tbody>
            {DEVICES.map((d) => (
              <tr key={d.key}>
                <td>{t(`help.devices.${d.key}.name`)}</td>
                <td>
                  <code>{`${host}:${d.port}`}</code>
                  {` (${d.transport})`}
                </td>
                <td>{t(`help.devices.${d.key}.identifier`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">{t("help.devices.troubleshoot")}</p>
      </section>

      <section className="card">
        <h2>{t("help.keyboard.title")}</h2>
        <ul>
          <li>{t("help.keyboard.tab")}</li>
          <li>{t("help.keyboard.skip")}</li>
          <li>{t("help.keyboard.lists")}</li>
          <li>{t("help.keyboard.noJs")}</li>
          <li>{t("help.keyboard.unsaved")}</li>
          <li>{t("help.keyboard.dates")}</li>
        </ul>
      </section>

      <section className="card" data-testid="help-api">
        <h2>{t("help.api.title")}</h2>
        <p>{t("help.api.body")}</p>
        <ul>
          <li>
            <a href="/api/docs">{t("help.api.reference")}</a>
          </li>
          <li>
            <a href="/api/openapi.json">{t("help.api.json")}</a>
          </li>
        </ul>
      </section>

      <section className="card" data-testid="help-addresses">
        <h2>{ta("help.title")}</h2>
        <p>{ta("help.body")}</p>
        <p>{geocoder ? ta("help.geocoder") : ta("help.noGeocoder")}</p>
        <p className="muted">
          <a href="https://www.geonames.org/" rel="noreferrer">
            {ta("help.attribution")}
          </a>
        </p>
      </section>

      <section className="card" data-testid="help-support">
        <h2>{t("help.support.title")}</h2>
        {contact.email ? (
          <p>
            {t("help.support.body", { name: contact.name })} <a href={`mailto:${contact.email}`}>{contact.email}</a>
            {contact.phone ? ` · ${contact.phone}` : ""}
          </p>
        ) : (
          <p>{t("help.support.none")}</p>
        )}
      </section>
    </article>
  );
}
