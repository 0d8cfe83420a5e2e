/** Action handlers of the camera registers (schemas/camera/). */
import './camera.js';
import './cameraWarnings.js';
import './aiPhotos.js';
import './pollingParams.js';
