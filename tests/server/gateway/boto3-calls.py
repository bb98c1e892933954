"""boto3 against Tarn's S3 gateway, for tests/server/gateway/boto3.test.ts.

Usage: python3 boto3-calls.py <call> [arguments...]; prints the call's result as JSON.
The endpoint comes from TARN_S3_ENDPOINT, the key from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, and the signature
from BOTO_SIGNATURE: 'default' (boto3's own choice: V4 for calls, V2 for presigned addresses), 's3' (V2) or 's3v4'.
"""
import json
import os
import sys

try:
    import boto3
    from boto3.s3.transfer import TransferConfig
    from botocore.config import Config
    from botocore.exceptions import ClientError
except ImportError:
    sys.exit("boto3 is not installed for this python (Debian package python3-boto3; .ci/run installs it)")

MiB = 1024 * 1024


def client():
    signature = os.environ.get("BOTO_SIGNATURE", "default")
    settings = {"s3": {"addressing_style": "path"}, "retries": {"max_attempts": 1}}
    if signature != "default":
        settings["signature_version"] = signature
    return boto3.client("s3", endpoint_url=os.environ["TARN_S3_ENDPOINT"], config=Config(**settings))


def roundtrip(s3, prefix):
    """Every call of a day's work, each answer reduced to what the test checks."""
    key = f"main/{prefix}/data file.csv"
    s3.put_object(Bucket="lake", Key=key, Body=b"id,name\n1,lake\n", ContentType="text/csv", Metadata={"run": "7"})
    got = s3.get_object(Bucket="lake", Key=key)
    head = s3.head_object(Bucket="lake", Key=key)
    s3.copy_object(Bucket="lake", Key=f"main/{prefix}/copy.csv", CopySource={"Bucket": "lake", "Key": key})
    v2 = s3.list_objects_v2(Bucket="lake", Prefix=f"main/{prefix}/")
    v1 = s3.list_objects(Bucket="lake", Prefix=f"main/{prefix}/", Delimiter="/")
    s3.head_bucket(Bucket="lake")
    upload = s3.create_multipart_upload(Bucket="lake", Key=f"main/{prefix}/aborted.bin")["UploadId"]
    s3.upload_part(Bucket="lake", Key=f"main/{prefix}/aborted.bin", UploadId=upload, PartNumber=1, Body=b"part")
    s3.abort_multipart_upload(Bucket="lake", Key=f"main/{prefix}/aborted.bin", UploadId=upload)
    deleted = s3.delete_objects(Bucket="lake", Delete={"Objects": [{"Key": f"main/{prefix}/copy.csv"}]})
    try:
        s3.get_object(Bucket="lake", Key=f"main/{prefix}/absent.csv")
        missing = None
    except ClientError as err:
        missing = err.response["Error"]["Code"]
    return {
        "body": got["Body"].read().decode(),
        "etag": head["ETag"],
        "contentType": head["ContentType"],
        "metadata": head["Metadata"],
        "listedV2": [o["Key"] for o in v2.get("Contents", [])],
        "listedV1": [o["Key"] for o in v1.get("Contents", [])],
        "buckets": [b["Name"] for b in s3.list_buckets()["Buckets"]],
        "deleted": [d["Key"] for d in deleted.get("Deleted", [])],
        "missing": missing,
    }


def presign(s3, method, key, expires):
    call = {"GET": "get_object", "PUT": "put_object"}[method]
    return s3.generate_presigned_url(call, Params={"Bucket": "lake", "Key": key}, ExpiresIn=int(expires))


def upload(s3, path, key):
    """upload_file in 5 MiB parts from 5 MiB on; the object's ETag and size as HEAD reports them."""
    s3.upload_file(path, "lake", key, Config=TransferConfig(multipart_threshold=5 * MiB, multipart_chunksize=5 * MiB))
    head = s3.head_object(Bucket="lake", Key=key)
    return {"etag": head["ETag"], "size": head["ContentLength"]}


def download(s3, key, path):
    s3.download_file("lake", key, path)
    return {"path": path}


CALLS = {"roundtrip": roundtrip, "presign": presign, "upload": upload, "download": download}

if __name__ == "__main__":
    name, *arguments = sys.argv[1:]
    print(json.dumps(CALLS[name](client(), *arguments)))
