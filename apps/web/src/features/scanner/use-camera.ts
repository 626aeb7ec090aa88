import { useCallback, useEffect, useRef, useState } from 'react';
import { NO_HELD_CODE, cameraReading } from './scan-rules';

export type CameraProblem = 'denied' | 'no-camera' | 'unsupported' | 'busy' | 'other';

export type CameraState =
  | { status: 'off' }
  | { status: 'starting' }
  | { status: 'on' }
  | { status: 'failed'; problem: CameraProblem; message: string };

const OTHER_SOURCES = 'Scan a photo of the code or type it instead.';

const MESSAGES: Record<CameraProblem, string> = {
  denied: `Camera access was refused. Allow the camera for this site in the browser's settings, or: ${OTHER_SOURCES}`,
  'no-camera': `No camera was found on this device. ${OTHER_SOURCES}`,
  unsupported: `This browser cannot use a camera on this page (it needs a secure https address). ${OTHER_SOURCES}`,
  busy: `The camera is in use by another app or tab. Close it and try again, or: ${OTHER_SOURCES}`,
  other: `The camera could not start. ${OTHER_SOURCES}`,
};

/** The problem a failed `getUserMedia` names (DOMException names of the Media Capture spec). */
export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'no-camera';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'other';
}

type PolicyDocument = Document & {
  featurePolicy?: { allowsFeature: (feature: string) => boolean };
  permissionsPolicy?: { allowsFeature: (feature: string) => boolean };
};

/**
 * True when this document may not use the camera: the server allows it only for a document
 * loaded at /scanner (`Permissions-Policy: camera=(self)`), so after moving here inside the app the
 * page must be loaded again.
 */
export function cameraBlockedByPolicy(doc: Document = document): boolean {
  const policy = (doc as PolicyDocument).permissionsPolicy ?? (doc as PolicyDocument).featurePolicy;
  return policy ? !policy.allowsFeature('camera') : false;
}

/**
 * Set while a camera that was on (or starting) goes away with its screen, until the same commit
 * has mounted what replaces it (cleared on the next microtask): a screen drawn again in place
 * (the staff layout draws the page anew when the user's saved date format first arrives in this
 * browser) takes it and starts its camera again, instead of showing "Camera off" under the user.
 * Leaving the screen mounts no camera in that commit, so nothing starts.
 */
let cameraToResume = false;

/** True once when a camera screen mounted in place of one whose camera was on (see above). */
export function takeCameraResume(): boolean {
  const resume = cameraToResume;
  cameraToResume = false;
  return resume;
}

/**
 * The device camera shown in `videoRef`, its frames read by ZXing (loaded on start): `onCode`
 * once per code held in front of it, and again when `context` (what a scan does) changes.
 * `onCode` answers false when it cannot take the code now (a scan is on its way): the code is
 * then read again from the next frames instead of being taken as seen (`cameraReading`).
 * Stopped on `stop` and when the screen goes away.
 */
export function useCamera(onCode: (text: string) => boolean, context: string) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const lastRef = useRef(NO_HELD_CODE);
  const [state, setState] = useState<CameraState>({ status: 'off' });
  const stopRef = useRef<(() => void) | null>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  const stop = useCallback(() => {
    stopRef.current?.();
    stopRef.current = null;
    setState({ status: 'off' });
  }, []);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ status: 'failed', problem: 'unsupported', message: MESSAGES.unsupported });
      return;
    }
    if (cameraBlockedByPolicy()) {
      // Opened inside the app: load the page itself, which may use the camera, and start there.
      window.location.assign('/scanner?camera=1');
      return;
    }
    setState({ status: 'starting' });
    let stream: MediaStream | null = null;
    let stopDecoder: (() => void) | null = null;
    const release = () => {
      stopDecoder?.();
      stream?.getTracks().forEach((track) => track.stop());
    };
    stopRef.current = release;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
      if (stopRef.current !== release || !videoRef.current) return release();
      const { scanStream } = await import('./zxing-decoder');
      stopDecoder = await scanStream(stream, videoRef.current, (text) => {
        const now = Date.now();
        if (cameraReading(lastRef.current, text, now) === 'same') {
          lastRef.current = { text, at: now };
          return;
        }
        if (!onCodeRef.current(text)) return;
        lastRef.current = { text, at: now };
        navigator.vibrate?.(60);
      });
      if (stopRef.current !== release) return release();
      setState({ status: 'on' });
    } catch (error) {
      release();
      if (stopRef.current !== release) return;
      stopRef.current = null;
      const problem = cameraProblem(error);
      setState({ status: 'failed', problem, message: MESSAGES[problem] });
    }
  }, []);

  // Another mode or entity: the code in front of the camera is read again for it.
  useEffect(() => {
    lastRef.current = NO_HELD_CODE;
  }, [context]);

  // Leaving the screen turns the camera off; a screen drawn again in place starts it again.
  useEffect(
    () => () => {
      if (stopRef.current) {
        cameraToResume = true;
        queueMicrotask(() => {
          cameraToResume = false;
        });
      }
      stopRef.current?.();
      stopRef.current = null;
    },
    [],
  );

  return { videoRef, state, start, stop };
}
