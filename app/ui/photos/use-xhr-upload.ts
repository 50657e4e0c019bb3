import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { PHOTOS_PAGE, UPLOAD_XHR_HEADER } from "./paths";

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
      const url = xhr.responseURL ? new URL(xhr.responseURL) : null;
      if (url && url.origin === window.location.origin && url.pathname === PHOTOS_PAGE) {
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
