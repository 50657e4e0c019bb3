import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { PHOTOS_PAGE, UPLOAD_XHR_HEADER } from "./paths";

/**
 * Whether the upload ended in the server's redirect to the photos page with its outcome (`notice`
 * or `uploadError`): a refusal such as 413 or a failure (500) answers on the form's own address.
 */
function answeredByRedirect(xhr: Pick<XMLHttpRequest, "status" | "responseURL">): boolean {
  if (xhr.status !== 200 || !xhr.responseURL) return false;
  const url = new URL(xhr.responseURL);
  return (
    url.origin === window.location.origin &&
    url.pathname === PHOTOS_PAGE &&
    (url.searchParams.has("notice") || url.searchParams.has("uploadError"))
  );
}

/**
 * With JavaScript: a preview of the chosen image, and the form sent by XMLHttpRequest with progress.
 * The server answers with a redirect to the photos page, which is then shown; anything else failed.
 */
export function useXhrUpload() {
  const navigate = useNavigate();
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.type !== "file") return;
    const file = target.files?.[0];
    setFailed(false);
    setPreview(file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    event.preventDefault();
    const xhr = new XMLHttpRequest();
    xhr.open("POST", form.action);
    xhr.setRequestHeader(UPLOAD_XHR_HEADER, "xhr");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress(Math.round((e.loaded * 100) / e.total));
    };
    xhr.onload = () => {
      setProgress(null);
      if (answeredByRedirect(xhr)) {
        const url = new URL(xhr.responseURL);
        form.reset();
        setPreview(null);
        void navigate(url.pathname + url.search);
      } else {
        setFailed(true);
      }
    };
    xhr.onerror = () => {
      setProgress(null);
      setFailed(true);
    };
    setProgress(0);
    xhr.send(new FormData(form));
  };

  return { preview, progress, failed, onChange, onSubmit };
}
