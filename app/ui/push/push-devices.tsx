import { useEffect, useState } from "react";
import { useTranslation } from "~/ui/use-translation";
import { Form, useRevalidator } from "react-router";
import { LocalTime } from "../settings/local-time";
import { currentEndpoint } from "./push-client";
import { usePushState } from "./use-push-state";

/** A device with push on, as /notifications lists it. */
interface PushDevice {
  id: number;
  endpoint: string;
  browser: string | null;
  os: string | null;
  createdAt: string;
  lastSuccessAt: string | null;
}

/** This device: its push state and a button to turn push on or off. */
export function ThisDevicePush({ devices }: { devices: PushDevice[] }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const { state, busy, failed, turnOn, turnOff } = usePushState(devices.map((d) => d.endpoint));
  const act = async (action: () => Promise<unknown>) => {
    await action();
    await revalidator.revalidate();
  };
  return (
    <div data-testid="push-device" data-state={state}>
      <p className="mb-2" data-testid="push-state">
        {t(`push:device.state.${state}`)}
      </p>
      {failed && (
        <p className="text-danger" role="alert">
          {t(`push:device.${failed}`)}
        </p>
      )}
      {state === "capable" && (
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void act(turnOn)}>
          {t("push:device.turnOn")}
        </button>
      )}
      {state === "subscribed" && (
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={busy}
          onClick={() => void act(turnOff)}
        >
          {t("push:device.turnOff")}
        </button>
      )}
      <p className="small text-body-secondary mt-3 mb-0">{t("push:device.kinds")}</p>
    </div>
  );
}

/** The member's devices with push on, each removable with a plain form. */
export function PushDeviceList({ devices }: { devices: PushDevice[] }) {
  const { t } = useTranslation();
  const [here, setHere] = useState<string | null>(null);
  const listed = devices.map((d) => d.endpoint).join("\n");
  useEffect(() => {
    void currentEndpoint().then(setHere);
  }, [listed]);
  if (devices.length === 0) return <p className="mb-0">{t("push:devices.none")}</p>;
  return (
    <ul className="list-group" data-testid="push-devices">
      {devices.map((device) => (
        <li
          className="list-group-item d-flex flex-wrap gap-2 align-items-center"
          key={device.id}
          data-testid="push-device-row"
        >
          <div className="me-auto">
            <span className="fw-semibold">
              {t("push:devices.name", {
                browser: device.browser ?? t("settings:sessions.unknownBrowser"),
                os: device.os ?? t("settings:sessions.unknownOs"),
              })}
            </span>{" "}
            {device.endpoint === here && (
              <span className="badge text-bg-success">{t("push:devices.thisDevice")}</span>
            )}
            <br />
            <small className="text-body-secondary">
              {t("push:devices.since")} <LocalTime iso={device.createdAt} />
              {device.lastSuccessAt && (
                <>
                  {" · "}
                  {t("push:devices.lastPush")} <LocalTime iso={device.lastSuccessAt} />
                </>
              )}
            </small>
          </div>
          <Form method="post">
            <input type="hidden" name="intent" value="removeDevice" />
            <input type="hidden" name="device" value={device.id} />
            <button type="submit" className="btn btn-sm btn-outline-danger">
              {t("push:devices.remove")}
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
